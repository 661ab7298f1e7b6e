# One image for the API and the projections worker (the command differs).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY client/package.json client/package-lock.json ./client/
RUN npm install && npm --prefix client install
COPY . .
RUN npm run build:server && npm run build:client && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/client/dist ./client/dist
COPY package.json ./
USER node
EXPOSE 3000
CMD ["node", "dist/src/main.js"]
