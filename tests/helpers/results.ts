// Services answer Results (server/refusal.ts). For tests written as a table of calls and expected
// refusals, unwrapped() gives the service with each Result read as its value, and each refusal
// thrown as a Refused error carrying its kind, so assert.rejects can name it.
import type { RefusalKind, Result } from '../../server/refusal.ts';

export class Refused extends Error {
  readonly reason: RefusalKind;
  constructor(reason: RefusalKind, message: string) {
    super(message);
    this.reason = reason;
  }
}

export type Unwrapped<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => Promise<Result<infer T>> ? (...args: A) => Promise<T> : S[K];
};

export function unwrapped<S extends object>(service: S): Unwrapped<S> {
  return new Proxy(service, {
    get(target, key) {
      const member = Reflect.get(target, key);
      if (typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        const result = await member.apply(target, args);
        if (!result || typeof result !== 'object' || !('ok' in result)) return result;
        if (result.ok) return result.value;
        throw new Refused(result.kind, result.message);
      };
    },
  }) as Unwrapped<S>;
}
