'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form'
import type * as z from 'zod/v4/core'

/**
 * react-hook-form driven by a form's light schema (src/schemas/client.ts), whose messages are the
 * server's own. Validation runs on submit, then on every change.
 */
export const useZodForm = <S extends z.$ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) =>
  useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
