/** What the tests use of s3rver 3.7, which ships no types: a Koa app serving S3 from a folder. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  namespace S3rver {
    type Context = { url: string; method: string; type: string; body: unknown; status: number };
    type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;
    type Options = {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      vhostBuckets?: boolean;
    };
  }

  class S3rver {
    constructor(options: S3rver.Options);
    /** Koa's list, composed when the server starts. */
    middleware: S3rver.Middleware[];
    /** Listens, and gives the address it listens on. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}
