'use client'

import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form'
import type * as z from 'zod/v4/core'

/**
 * A form's validation, loaded on first use: the light schema (src/schemas/client.ts) and its
 * resolver come in a chunk of their own when the visitor first focuses the form (`preload`) or,
 * at the latest, submits it, so zod is not part of the page's first load and its hydration.
 */
export type LazyValidation<S> = {
  resolver: Resolver<FieldValues>
  preload: () => void
  _schema?: S
}

export const lazyValidation = <S extends z.$ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
): LazyValidation<S> => {
  let ready: Promise<Resolver<FieldValues>> | undefined
  const loaded = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<FieldValues>,
    ))
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => void loaded().catch(() => undefined),
  }
}

/**
 * react-hook-form driven by a form's light schema, whose messages are the server's own.
 * Validation runs on submit, then on every change.
 */
export const useZodForm = <S extends z.$ZodType<FieldValues, FieldValues>>(
  validation: LazyValidation<S>,
  defaultValues: DefaultValues<z.input<S>>,
) =>
  useForm<z.input<S>, unknown, z.output<S>>({
    resolver: validation.resolver as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
