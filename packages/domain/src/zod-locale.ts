import { z } from 'zod';

// Every validation message, server and web, is pt-BR unless a schema names its own.
z.config(z.locales.ptBR());
