// 200 manager tabs listen; associates request jobs one after another; each tab's push is timed from the request.
// The requests may go to another instance than the sockets (requestUrl), for the push across instances (#25).
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { connect, call } = require('./sockets');

const { baseUrl, requestUrl = baseUrl, managerCookies, associates, jobIds } = workerData;

(async () => {
  const sockets = [];
  for (const cookie of managerCookies) sockets.push(await connect(baseUrl, cookie));
  const latencies = [];
  const lastOfAll = [];
  for (let i = 0; i < jobIds.length; i++) {
    const jobId = jobIds[i];
    let sentAt = 0;
    const heard = Promise.all(
      sockets.map(
        (socket) =>
          new Promise((resolve) => {
            const listener = (p) => {
              if (p.jobId !== jobId) return;
              socket.off('jobRequests.changed', listener);
              resolve(performance.now() - sentAt);
            };
            socket.on('jobRequests.changed', listener);
          }),
      ),
    );
    sentAt = performance.now();
    await call(requestUrl, associates[i % associates.length], 'POST', `/api/jobs/${jobId}/request`, {});
    const times = await heard;
    latencies.push(...times);
    lastOfAll.push(Math.max(...times));
  }
  for (const socket of sockets) socket.disconnect();
  parentPort.postMessage({ latencies, lastOfAll });
})();
