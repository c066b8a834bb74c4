// The admin kit (docs/decisions/0018-declarative-admin-table-and-form-shell.md): what a page or
// a form modal of the admin area is built from, imported from one place.
export * from './admin-page';
export * from './admin-table';
export * from './form-modal';
export * from './list-toolbar';
export * from './list-view';
export * from './query-content';
export * from './use-admin-rows';
