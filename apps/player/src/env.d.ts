interface ImportMetaEnv {
  /** A package's version, injected by vite.config.ts when it is built by the package script. */
  readonly VITRINE_PLAYER_VERSION: string;
}
