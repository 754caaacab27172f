// An export's rows, with the first one already read (issue 33): a download whose first query
// fails then answers a clean error instead of a 200 whose header row is followed by a cut
// connection. The rest of the rows still stream as they are read.
export async function primedRows<T>(rows: AsyncIterator<T> & AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const first = await rows.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      yield* { [Symbol.asyncIterator]: () => rows };
    },
  };
}
