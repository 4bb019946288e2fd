/** A phone number as a link a phone dials: the link keeps only what a number dials (digits and a leading +). */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>;
}
