import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef } from 'react';
import type { $ZodType } from 'zod/v4/core';

/**
 * A form validated by a domain schema (the same one the API validates with), so a rule lives
 * once. An error shown after a submit is checked again at each change of its field and goes away
 * as soon as the field is fixed.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: $ZodType,
  initialValues: Values,
): UseFormReturnType<Values> {
  const formRef = useRef<UseFormReturnType<Values> | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: zod4Resolver(schema),
    clearInputErrorOnChange: false,
    onValuesChange: () => {
      const current = formRef.current;
      if (!current) return;
      for (const path of Object.keys(current.errors)) current.validateField(path);
    },
  });
  formRef.current = form;
  return form;
}
