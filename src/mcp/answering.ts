// The stdio transport, kept open until every request read has its answer.
//
// The SDK's StdioServerTransport closes when stdin ends, and a reply sent
// after that is dropped. A client that writes its requests and closes its end
// at once (`printf ... | chord-patch mcp`, a script) would then never hear of
// an edit that was written: the report must always say what is on disk. So
// the transport reads a view of stdin whose end is passed on only once every
// request seen so far has been answered (or cancelled by the client). A
// request of the server's own (MCP roots) that the client can no longer
// answer is given an error at once, not left to the SDK's minute-long timeout.

import { PassThrough, type Readable } from 'node:stream';
import type { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

type Transport = StdioServerTransport;
type Message = Parameters<Transport['send']>[0];
export type RequestId = string | number;

/** JSON-RPC's first implementation-defined error code: the answer that cannot come. */
const UNANSWERABLE = -32000;

type Fields = { id?: RequestId; method?: string; result?: unknown; error?: unknown };

/** The id of a request, which wants an answer. */
function requestId(m: Message): RequestId | undefined {
  const r = m as Fields;
  return r.method !== undefined ? r.id : undefined;
}

/** The id of an answer to a request. */
function answerId(m: Message): RequestId | undefined {
  const r = m as Fields;
  return r.method === undefined && ('result' in r || 'error' in r) ? r.id : undefined;
}

function cancelledId(m: Message): RequestId | undefined {
  const r = m as { method?: string; params?: { requestId?: RequestId } };
  return r.method === 'notifications/cancelled' ? r.params?.requestId : undefined;
}

/**
 * A StdioServerTransport over `stdin` that closes after stdin's end only when
 * no request it read is still unanswered. `closed` resolves once it has closed.
 */
export function answeringTransport(
  Stdio: typeof StdioServerTransport,
  stdin: Readable = process.stdin,
): { transport: Transport; closed: Promise<void>; onCancelled: (listener: (id: RequestId) => void) => void } {
  const view = new PassThrough();
  stdin.pipe(view, { end: false });
  const transport = new Stdio(view, process.stdout);
  // Requests read and not yet answered, by id (a client may reuse an id: each copy is counted).
  const unanswered = new Map<RequestId, number>();
  const settle = (id: RequestId) => {
    const left = (unanswered.get(id) ?? 0) - 1;
    if (left > 0) unanswered.set(id, left);
    else unanswered.delete(id);
  };
  // The server's own requests the client has not answered yet.
  const asked = new Set<RequestId>();
  // What serveStdio hands each message to (it sets the transport's onmessage after construction).
  let deliver: ((m: Message, extra?: unknown) => void) | undefined;
  const unanswerable = (id: RequestId) =>
    setImmediate(() => {
      if (!asked.delete(id)) return;
      deliver?.({ jsonrpc: '2.0', id, error: { code: UNANSWERABLE, message: 'the client closed its input before answering' } });
    });
  let ended = false;
  const endWhenAnswered = () => {
    if (ended && unanswered.size === 0 && !view.writableEnded) view.end();
  };
  const inputEnded = () => {
    ended = true;
    for (const id of asked) unanswerable(id);
    endWhenAnswered();
  };
  stdin.once('end', inputEnded);
  stdin.once('close', inputEnded);

  // Who hears of each cancellation read (the server, for calls it already answered).
  const cancelListeners: ((id: RequestId) => void)[] = [];
  // Each message read is counted, then handed on.
  const receive = (m: Message, extra?: unknown) => {
    const request = requestId(m);
    if (request !== undefined) unanswered.set(request, (unanswered.get(request) ?? 0) + 1);
    const reply = answerId(m);
    if (reply !== undefined) asked.delete(reply);
    const cancelled = cancelledId(m);
    if (cancelled !== undefined) {
      settle(cancelled);
      for (const listener of cancelListeners) listener(cancelled);
    }
    deliver?.(m, extra);
    if (cancelled !== undefined) endWhenAnswered();
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => receive,
    set: (fn: typeof deliver) => {
      deliver = fn;
    },
  });
  const send = transport.send.bind(transport);
  transport.send = (m: Message) => {
    const question = requestId(m);
    if (question !== undefined) {
      asked.add(question);
      if (ended) unanswerable(question);
    }
    const answered = answerId(m);
    const sent = send(m);
    if (answered === undefined) return sent;
    return sent.finally(() => {
      settle(answered);
      endWhenAnswered();
    });
  };
  // Closed by the view's end, by an error (a message over the size bound) or by the SDK.
  const close = transport.close.bind(transport);
  let closedNow: () => void = () => {};
  const closed = new Promise<void>((done) => {
    closedNow = done;
  });
  transport.close = () => close().finally(closedNow);
  return { transport, closed, onCancelled: (listener) => void cancelListeners.push(listener) };
}
