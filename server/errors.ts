// Errors whose message is written for the visitor and may be sent as it is.
export class PublicError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}
