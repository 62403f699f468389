// `import text from './file?raw'`: Vite (and so vitest, in workerd too) gives a file's content as a string. Tests
// use it for fixtures, since a test inside workerd has no file system.
declare module '*?raw' {
  const text: string;
  export default text;
}
