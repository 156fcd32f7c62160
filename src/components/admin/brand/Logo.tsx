import { Icon } from './Icon'

/** The brand's logo: the star and the name, as on the public site's header. Payload's login logo. */
export function Logo() {
  return (
    <span className="starfinity-logo">
      <span aria-hidden="true">
        <Icon size={32} />
      </span>
      <span className="starfinity-logo__name">Starfinity</span>
    </span>
  )
}
