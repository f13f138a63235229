import medusaJs from '@medusajs/medusa-js'

/**
 * medusa-js's client class. Its typings are CommonJS while Vite loads its ES module: under
 * TypeScript's NodeNext rules the default import is the module, at run time it is the class.
 */
export const Medusa = ((medusaJs as unknown as { default?: unknown }).default ?? medusaJs) as typeof medusaJs.default
export type Medusa = InstanceType<typeof Medusa>
