// `node build/server/main.js` (docs/deploy.md's unit, `npm start`): React picks its development or production build
// by NODE_ENV when it is first imported, which the server below does as it loads. Run directly, without npm start's
// environment, it was React's development build: a page rendered three times slower, with its checks and warnings.
process.env.NODE_ENV ??= "production";
await import("./serve");

export {};
