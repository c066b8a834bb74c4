import { z } from 'zod';

// Every validation message, server and web, is pt-BR unless a schema names its own. Each schema
// module imports `z` from here (not from 'zod'), so the locale is set wherever a schema exists,
// and a screen that uses no schema loads neither zod nor this file.
z.config(z.locales.ptBR());

export { z };
