/// <reference types="vite/client" />

declare module 'virtual:__federation__' {
  export function __federation_method_getRemote(remote: string, module: string): Promise<unknown>;
  export function __federation_method_setRemote(
    remote: string,
    config: { url: string | (() => Promise<string>); format: 'esm' | 'var' | 'systemjs'; from: 'vite' | 'webpack' },
  ): void;
  export function __federation_method_unwrapDefault(module: unknown): unknown;
}

interface Window {
  /** Resolves a remote's entry URL from the run-time configuration (used by the federation runtime). */
  __labeldeskRemoteUrl: (name: string) => Promise<string>;
}
