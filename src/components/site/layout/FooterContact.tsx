'use client'

import dynamic from 'next/dynamic'
import { useState } from 'react'

import { Modal } from '@/components/Modal'
import { Muted } from '../ui'
import styles from './SiteFooter.module.css'

/**
 * The contact form (react-hook-form and zod) loads when the modal first opens, so pages without a
 * form of their own do not carry it.
 */
const ContactForm = dynamic(() => import('../forms/ContactForm').then((m) => m.ContactForm), {
  loading: () => <Muted>Loading the form...</Muted>,
})

/** The footer's Contact link: opens the contact form in a modal. */
export function FooterContact() {
  const [isOpen, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <button className={styles.linkButton} type="button" onClick={() => setOpen(true)}>
        Contact
      </button>
      <Modal isOpen={isOpen} onClose={close} label="Contact us">
        <h2>Contact Us</h2>
        {isOpen && (
          <ContactForm
            success={{
              title: 'Message sent successfully',
              description: "Thank you for reaching out. We'll get back to you soon.",
            }}
            failure={{ title: 'Failed to send message', description: 'Please try again later.' }}
            onSuccess={close}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  )
}
