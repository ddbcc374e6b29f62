// cookie 0.7 ships no types (they live in @types/cookie, not installed): the two functions this project calls.
declare module 'cookie' {
  export interface SerializeOptions {
    domain?: string;
    expires?: Date;
    httpOnly?: boolean;
    maxAge?: number;
    path?: string;
    partitioned?: boolean;
    priority?: 'low' | 'medium' | 'high';
    sameSite?: boolean | 'lax' | 'strict' | 'none';
    secure?: boolean;
    encode?(value: string): string;
  }
  export function parse(header: string, options?: { decode?(value: string): string }): Record<string, string | undefined>;
  export function serialize(name: string, value: string, options?: SerializeOptions): string;
}
