/** The web console over plain HTTP, as a browser without scripts: one cookie jar, forms posted with the page's CSRF token. */

export interface ConsoleAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly html: string;
}

export class ConsoleClient {
  private cookie: string | undefined;
  /** The form token of the last page read. */
  csrf: string | undefined;

  constructor(private readonly consoleUrl: string) {}

  get cookieValue(): string | undefined {
    return this.cookie;
  }

  set cookieValue(value: string | undefined) {
    this.cookie = value;
  }

  async get(path: string): Promise<ConsoleAnswer> {
    return this.send('GET', path);
  }

  /** Posts `fields` with the last page's form token unless `csrf: false` (or another token) is given. */
  async post(path: string, fields: Record<string, string>, options: { csrf?: string | false } = {}): Promise<ConsoleAnswer> {
    const token = options.csrf === false ? undefined : (options.csrf ?? this.csrf);
    const body = new URLSearchParams({ ...fields, ...(token ? { _csrf: token } : {}) });
    return this.send('POST', path, body.toString());
  }

  /** The page a redirect leads to, read as a browser follows it (a POST's 303: GET its Location). */
  async follow(answer: ConsoleAnswer): Promise<ConsoleAnswer> {
    if (!answer.location) throw new Error(`Not a redirect: ${answer.status}`);
    return this.sendTo('GET', new URL(answer.location, this.consoleUrl).toString());
  }

  /** Posts as `post` does and expects the redirect after it (303), then reads the page it leads to. */
  async postAndFollow(path: string, fields: Record<string, string>): Promise<ConsoleAnswer> {
    const posted = await this.post(path, fields);
    if (posted.status !== 303) throw new Error(`POST ${path} answered ${posted.status}, not 303:\n${posted.html.slice(0, 2000)}`);
    return this.follow(posted);
  }

  private send(method: string, path: string, body?: string): Promise<ConsoleAnswer> {
    return this.sendTo(method, `${this.consoleUrl}${path}`, body);
  }

  private async sendTo(method: string, url: string, body?: string): Promise<ConsoleAnswer> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.Cookie = `tuma_console=${this.cookie}`;
    if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const set = /tuma_console=([^;]*)/.exec(response.headers.get('set-cookie') ?? '');
    if (set) this.cookie = set[1];
    const html = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(html);
    if (token) this.csrf = token[1];
    return { status: response.status, location: response.headers.get('location'), html };
  }
}

/** A new user signed up and signed in through the console's own forms (as a browser without scripts). */
export async function signedInConsole(consoleUrl: string, email: string, password: string): Promise<ConsoleClient> {
  const client = new ConsoleClient(consoleUrl);
  await client.get('/sign-up');
  const signedUp = await client.post('/sign-up', { email, password });
  if (signedUp.status !== 201) throw new Error(`Sign-up of ${email} answered ${signedUp.status}`);
  await client.get('/sign-in');
  const signedIn = await client.post('/sign-in', { email, password });
  if (signedIn.status !== 303) throw new Error(`Sign-in of ${email} answered ${signedIn.status}`);
  return client;
}
