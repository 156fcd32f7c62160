import styles from './Lyrics.module.css'

export type LyricSection = { section: string; text: string }

const label = (parts: LyricSection[], index: number) => {
  const { section } = parts[index]
  if (section !== 'verse') return section.charAt(0).toUpperCase() + section.slice(1)
  return `Verse ${parts.slice(0, index + 1).filter((part) => part.section === 'verse').length}`
}

/** The song's full lyrics, part by part: numbered verses, chorus, bridge and outro. */
export function Lyrics({ parts }: { parts: LyricSection[] }) {
  return (
    <div>
      {parts.map((part, index) => {
        return (
          <section
            key={index}
            className={part.section === 'chorus' ? `${styles.part} ${styles.chorus}` : styles.part}
          >
            <h3>{label(parts, index)}</h3>
            <p>{part.text}</p>
          </section>
        )
      })}
    </div>
  )
}
