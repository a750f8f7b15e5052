/** The baseline of the HTTP benches: Koa with one handler answering a small JSON body, nothing else. */
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { status: 'ok', version: '1.0.0' };
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://localhost:${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
