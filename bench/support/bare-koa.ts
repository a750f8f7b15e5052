/**
 * The baseline of the HTTP benches: Koa with one handler, nothing else. It answers a small JSON
 * body, or, with BARE_KOA_REDIRECT set, a 302 to that URL (the redirect bench's baseline).
 */
import Koa from 'koa';

const redirectTo = process.env.BARE_KOA_REDIRECT;
const app = new Koa();
app.use((ctx) => {
  if (redirectTo) {
    ctx.status = 302;
    ctx.set('Location', redirectTo);
    return;
  }
  ctx.body = { status: 'ok', version: '1.0.0' };
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://localhost:${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
