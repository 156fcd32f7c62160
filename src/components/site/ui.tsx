/**
 * The building blocks every public page is made of: plain elements with CSS Module classes
 * (decision 0071), so server components render them to HTML that needs no JavaScript, and client
 * components use the same ones. Each takes `as`, `className` and the element's own props.
 */
import Link from './Link'
import type { CSSProperties, ComponentPropsWithoutRef, ElementType, ReactNode, Ref } from 'react'

import styles from './ui.module.css'

type BoxProps = Omit<ComponentPropsWithoutRef<'div'>, 'color'> & {
  as?: ElementType
  /** React 19 passes a ref to function components as a prop: it reaches the element. */
  ref?: Ref<HTMLElement | null>
  children?: ReactNode
  [data: `data-${string}`]: unknown
}

/** The class names given, skipping the empty ones. */
export const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')

/**
 * A component rendering `as` (default `tag`) with the given classes and CSS variables: how the
 * blocks here, and the static parts of other sections, are made from a CSS Module.
 */
export const box =
  <Extra extends object = object>(
    tag: ElementType,
    style: (props: Extra) => { className: string; vars?: Record<string, string | undefined> },
    keys: (keyof Extra)[] = [],
  ) =>
  // eslint-disable-next-line react/display-name
  (props: BoxProps & Extra) => {
    const { as: Tag = tag, className, style: inline, ...rest } = props
    const own = style(props)
    for (const key of keys) delete (rest as Record<string, unknown>)[key as string]
    const vars = Object.fromEntries(
      Object.entries(own.vars ?? {}).filter(([, value]) => value !== undefined),
    ) as CSSProperties
    return (
      <Tag
        className={classes(own.className, className)}
        style={own.vars || inline ? { ...vars, ...inline } : undefined}
        {...rest}
      />
    )
  }

export const Page = (props: BoxProps) => (
  <main id="main" {...props} className={classes(styles.page, props.className)} />
)

export const Container = box<{ $narrow?: boolean }>(
  'div',
  ({ $narrow }) => ({ className: classes(styles.container, $narrow && styles.narrow) }),
  ['$narrow'],
)

export const Section = box<{ $tone?: 'plain' | 'panel' }>(
  'section',
  ({ $tone }) => ({ className: classes(styles.section, $tone === 'panel' && styles.panel) }),
  ['$tone'],
)

export const Eyebrow = box('p', () => ({ className: styles.eyebrow }))
export const Title = box('h1', () => ({ className: styles.title }))
export const Heading = box('h2', () => ({ className: styles.heading }))
export const Subheading = box('h3', () => ({ className: styles.subheading }))
export const Lead = box('p', () => ({ className: styles.lead }))
export const Muted = box('p', () => ({ className: styles.muted }))
export const Centered = box('div', () => ({ className: styles.centered }))

export const Card = box<{ $accent?: string }>(
  'div',
  ({ $accent }) => ({ className: styles.card, vars: { '--card-accent': $accent } }),
  ['$accent'],
)

export const Grid = box<{ $min?: number }>(
  'div',
  ({ $min }) => ({
    className: styles.grid,
    vars: { '--grid-min': $min === undefined ? undefined : `${$min}px` },
  }),
  ['$min'],
)

export const Stack = box<{ $gap?: number }>(
  'div',
  ({ $gap }) => ({
    className: styles.stack,
    vars: { '--stack-gap': $gap === undefined ? undefined : `${$gap}px` },
  }),
  ['$gap'],
)

export const ButtonRow = box<{ $center?: boolean }>(
  'div',
  ({ $center }) => ({ className: classes(styles.buttonRow, $center && styles.center) }),
  ['$center'],
)

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'

const buttonClass = (variant: ButtonVariant = 'primary', className?: string) =>
  classes(styles.button, styles[variant], className)

type Variant = { $variant?: ButtonVariant }

export const Button = ({
  $variant,
  className,
  ...props
}: ComponentPropsWithoutRef<'button'> & Variant) => (
  <button className={buttonClass($variant, className)} {...props} />
)

export const ButtonLink = ({
  $variant,
  className,
  ...props
}: ComponentPropsWithoutRef<typeof Link> & Variant) => (
  <Link className={buttonClass($variant, className)} {...props} />
)

/** An outbound link: always a new tab, never leaking the opener. */
export const ExternalButton = ({
  $variant,
  className,
  ...props
}: ComponentPropsWithoutRef<'a'> & Variant) => (
  <a
    target="_blank"
    rel="noopener noreferrer"
    className={buttonClass($variant, className)}
    {...props}
  />
)

export const ExternalLink = ({ className, ...props }: ComponentPropsWithoutRef<'a'>) => (
  <a
    target="_blank"
    rel="noopener noreferrer"
    className={classes(styles.externalLink, className)}
    {...props}
  />
)

export const Badge = box<{ $tone?: 'gold' | 'teal' | 'violet' }>(
  'span',
  ({ $tone }) => ({
    className: classes(
      styles.badge,
      $tone === 'teal' && styles.teal,
      $tone === 'violet' && styles.violet,
    ),
  }),
  ['$tone'],
)

export const List = box('ul', () => ({ className: styles.list }))
