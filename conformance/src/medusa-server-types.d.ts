// medusa-js and medusa-react type their answers with the entities of @medusajs/medusa, the whole v1
// server, which is deliberately not installed (see the root .npmrc). Declared untyped here: the
// tests check the answers' shapes at run time, against the reference.
declare module '@medusajs/medusa'
