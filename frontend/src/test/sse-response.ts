/** A text/event-stream Response whose frames the test pushes (for the fetch-streaming events reader). */
export function sseResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send(type: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${type}\ndata: ${JSON.stringify({ type, data })}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}
