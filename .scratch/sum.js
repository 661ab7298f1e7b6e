const fs=require('fs');const f=fs.readdirSync('.').find(x=>x.endsWith('.cpuprofile'));
const p=JSON.parse(fs.readFileSync(f));const self=new Map();const byId=new Map(p.nodes.map(n=>[n.id,n]));
const dt=p.timeDeltas;const counts=new Map();p.samples.forEach((s,i)=>counts.set(s,(counts.get(s)||0)+(dt[i]||0)));
for(const n of p.nodes){const t=counts.get(n.id)||0;const k=n.callFrame.functionName+' '+n.callFrame.url.split('/').slice(-2).join('/')+':'+n.callFrame.lineNumber;self.set(k,(self.get(k)||0)+t);}
[...self].sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,v])=>console.log((v/1000).toFixed(0).padStart(6),k));
