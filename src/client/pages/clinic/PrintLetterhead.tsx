// The clinic's letterhead at the top of a printed sheet (a prescription, a letter, the day sheet):
// its logo, name, the doctor when one is named, specialty and licence, address, phone and the day.
import type { Letterhead } from '../../../shared/letterhead';
import { formatPhone } from '../../../shared/phone';
import type { fixedTranslate } from '../../i18n';

/** A profile phone is stored as +964…: printed as the clinic's patients dial it. */
const phoneText = (phone: string) => (phone.startsWith('+') ? formatPhone(phone) : phone);

export function PrintLetterhead({ head, doctor, date, t }: { head: Letterhead; doctor?: string | null; date: string; t: ReturnType<typeof fixedTranslate> }) {
  return (
    <header data-testid="print-letterhead">
      {head.logo && <img className="rx-logo" src={head.logo} alt="" data-testid="print-logo" />}
      <div className="rx-head">
        <h1>{head.name}</h1>
        {doctor && <div className="rx-doctor">{doctor}</div>}
        {head.specialty && <div>{head.specialty}</div>}
        {head.licence_number && (
          <div>
            {t('clinic.printLicence', 'Licence No.')} <bdi dir="ltr">{head.licence_number}</bdi>
          </div>
        )}
      </div>
      <div className="rx-contact">
        {head.address && <div><bdi>{head.address}</bdi></div>}
        {head.phone && <div><bdi dir="ltr">{phoneText(head.phone)}</bdi></div>}
        <div><bdi dir="ltr">{date}</bdi></div>
      </div>
    </header>
  );
}
