/**
 * Clinical safety (issue 26): sourced knowledge base, recognizer of free text and the one check.
 * Self-contained (zod and text.ts only) so it can move with the domain's context folders.
 */
export * from './sources.ts';
export * from './traits.ts';
export * from './conditions.ts';
export * from './allergens.ts';
export * from './rules.ts';
export * from './recognizer.ts';
export * from './check.ts';
export * from './demo-traits.ts';
