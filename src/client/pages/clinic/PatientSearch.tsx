// The header's patient search (name, phone or national ID via `q`), on every clinic screen:
// picking a result opens the patient's page.
import { useEffect, useState } from 'react';
import { AutoComplete, Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
// antd's search input alone: its Input module also brings the text area and OTP input.
import Search from 'antd/es/input/Search';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/useT';
import { useAsk } from '../../engine/useAction';
import { PhoneText } from '../../engine/PhoneText';

interface Found {
  id: number;
  name: string;
  phone?: string | null;
  national_id?: string | null;
}

export default function PatientSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found[]>([]);
  const [loading, setLoading] = useState(false);
  const ask = useAsk();
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return;
    let live = true;
    const timer = window.setTimeout(() => {
      setLoading(true);
      ask<{ data: Found[] }>('/patients', { query: { q, per_page: 8, sort: 'name' }, quiet: true })
        .then((body) => live && setFound(body.data ?? []))
        .catch(() => live && setFound([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [ask, text]);
  const options = text.trim().length < 2 ? [] : found.map((p) => ({
    value: String(p.id),
    label: (
      <div data-testid={`patient-hit-${p.id}`}>
        <div>{p.name}</div>
        <small dir="ltr" style={{ opacity: 0.65 }}>
          {p.phone && <PhoneText value={p.phone} />}
          {p.phone && p.national_id && ' · '}
          {p.national_id}
        </small>
      </div>
    ),
  }));
  return (
    <AutoComplete
      value={text}
      options={options}
      onSearch={setText}
      onSelect={(id: string) => {
        setText('');
        setFound([]);
        navigate(`/patients/${id}`);
      }}
      style={{ width: 280, maxWidth: '40vw' }}
      notFoundContent={text.trim().length >= 2 && !loading ? t('clinic.noPatientFound', 'No patient found') : null}
    >
      <Search
        data-testid="patient-search"
        placeholder={t('clinic.findPatient', 'Find a patient: name, phone, file No., national ID')}
        aria-label={t('clinic.findPatient', 'Find a patient: name, phone, file No., national ID')}
        enterButton={<Button icon={<SearchOutlined />} aria-label={t('common.search', 'Search')} />}
        loading={loading}
        allowClear
      />
    </AutoComplete>
  );
}
