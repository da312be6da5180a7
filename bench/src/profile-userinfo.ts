import autocannon from 'autocannon';
import { startLintel } from './lintel.js';
const s = await startLintel({ db: 'pglite' });
const path = process.argv[2] ?? '/api/sysAuth/userInfo';
await autocannon({
  url: `${s.url}${path}`,
  connections: 50,
  duration: 6,
  headers: { authorization: `Bearer ${s.adminToken}` },
});
await s.close();
