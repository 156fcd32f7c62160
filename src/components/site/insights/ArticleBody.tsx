import { box } from '../ui'
import styles from './ArticleBody.module.css'

/** Typography of a rich-text article body (## headings, bold, italics, lists). */
export const ArticleBody = box('div', () => ({ className: styles.body }))

/** An article's date, reading time and author, separated by dots. */
export const ArticleMeta = box('p', () => ({ className: styles.meta }))

/** An article's topics as pills. */
export const TagList = box('ul', () => ({ className: styles.tags }))
