/** The one error model (DESIGN section 6): services throw these, the errors plugin renders them. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: { field: string; message: string }[],
    /** Specification section 8: a 401 that carries errorMsg is a failed sign-in, not an ended session. */
    readonly errorMsg?: string,
  ) {
    super(message);
  }
}
export const badRequest = (message: string, details?: { field: string; message: string }[]) => new AppError(400, message, details);
export const unauthorized = (message = 'Please sign in.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, message);
export const notFound = (what = 'The item') => new AppError(404, `${what} was not found.`);
export const conflict = (message: string, details?: { field: string; message: string }[]) => new AppError(409, message, details);
export const tooLarge = (message: string) => new AppError(413, message);
