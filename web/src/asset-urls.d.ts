/** Vite gives a file imported with `?url` as the address of its built, hashed copy. */
declare module '*?url' {
  const url: string;
  export default url;
}
