// An HTTP client for API tests: keeps cookies like a browser and, like our browser code, echoes
// the XSRF-TOKEN cookie in the X-XSRF-TOKEN header on non-GET requests.
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';

export type ApiResponse = { status: number; headers: Headers; body: any; text: string };

export class ApiClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Fetches a page first, as a visitor would, to receive the CSRF cookie. */
  async visit(path = '/api/Faqs/GetAllFromFaqs') {
    await this.request('GET', path);
    return this;
  }

  get csrfToken() {
    return this.cookies.get(CSRF_COOKIE);
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request('GET', path, { headers });
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}) {
    if (!this.csrfToken) await this.visit();
    return this.request('POST', path, {
      headers: { 'content-type': 'application/json', ...this.csrfHeader(), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async postForm(path: string, form: FormData, headers: Record<string, string> = {}) {
    if (!this.csrfToken) await this.visit();
    return this.request('POST', path, { headers: { ...this.csrfHeader(), ...headers }, body: form });
  }

  csrfHeader(): Record<string, string> {
    return this.csrfToken ? { [CSRF_HEADER]: this.csrfToken } : {};
  }

  async request(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: BodyInit } = {},
  ): Promise<ApiResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
      body: init.body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, text };
  }
}
