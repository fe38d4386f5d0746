/**
 * Imported first by server.ts, before anything can use libuv's thread pool. SQLite queries (one
 * writer and SQLITE_READ_CONNECTIONS readers) and argon2 hashing all run on that pool; Node's
 * default of 4 threads would let four slow reads hold up a sign-in or a save.
 */
process.env.UV_THREADPOOL_SIZE ??= '16';
