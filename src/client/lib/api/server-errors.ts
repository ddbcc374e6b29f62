import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@server/routers/_app';
import { NoResponseError } from './no-response';

type ServerError = TRPCClientError<AppRouter>;

/** A tRPC error the server answered with (its shape carries a code); not a network failure or an unreadable body. */
export function isServerRefusal(err: unknown): err is ServerError & { data: NonNullable<ServerError['data']> } {
  return err instanceof TRPCClientError && err.data != null;
}

/** The tRPC code of a refusal ('UNAUTHORIZED', 'NOT_FOUND', ...), or null when the server did not answer one. */
export const trpcCodeOf = (err: unknown) => (isServerRefusal(err) ? err.data.code : null);

/** The domain reason the server attached (lib/errors.ts errorCode: 'EMAIL_NOT_FOUND', 'no_enrollment', ...). */
export const errorCodeOf = (err: unknown): string | null => (isServerRefusal(err) ? (err.data.errorCode ?? null) : null);

/** The server's own refusal text when it sent one, else the page's fallback. */
export const refusalText = (err: unknown, fallback: string) => (isServerRefusal(err) && err.message) || fallback;

/** The request never got an answer (offline, refused connection, timeout). */
export const isNoResponse = (err: unknown) => err instanceof NoResponseError || (err instanceof TRPCClientError && err.cause instanceof NoResponseError);
