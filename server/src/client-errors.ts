import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { API_CSP } from './csp.ts';

/** What Node's HTTP parser refused: the status Node answers with, and the envelope's message and code. */
const refusalOf = (code: string | undefined) => {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      message: 'The address or headers of the request are too long',
      code: ERROR_CODES.payloadTooLarge,
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      reason: 'Request Timeout',
      message: 'The request took too long to arrive',
      code: ERROR_CODES.validation,
    };
  // Chunk extensions past Node's limit are 413 to Node; any other parse failure a malformed request, 400.
  const tooLarge = code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW';
  return {
    status: tooLarge ? 413 : 400,
    reason: tooLarge ? 'Payload Too Large' : 'Bad Request',
    message: 'The request could not be read',
    code: tooLarge ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation,
  };
};

/**
 * Answers a request Node's HTTP parser refused before the app saw it (an address or headers past Node's limit, a
 * malformed request line) with the API's error envelope, where Node would answer a bare status and an empty body
 * that a client shows as nothing. Written only while the socket is writable and no answer has started on it (a
 * keep-alive socket may be mid-answer to an earlier request); the socket is closed either way, as Node does.
 */
export const answerClientError = (error: Error & { code?: string }, socket: Duplex) => {
  // Node's own answer, for the answer in flight: `_httpMessage` is the response being written on this socket.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
    const { status, reason, message, code } = refusalOf(error.code);
    const body = JSON.stringify({ success: 0, message, code });
    socket.write(
      [
        `HTTP/1.1 ${status} ${reason}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Content-Security-Policy: ${API_CSP}`,
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
};

/** Lets `server` answer the requests its parser refuses with answerClientError. */
export const answerClientErrors = (server: Server) => {
  server.on('clientError', answerClientError);
};
