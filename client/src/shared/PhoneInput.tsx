import { TextInput, type TextInputProps } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { formatPhone, PHONE_MASK } from './phone';

interface PhoneInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value?: string;
  onChange?: (value: string) => void;
}

/** A phone field that formats as the user types: (###) ###-####. */
export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={PHONE_MASK.replace(/9/g, '#')}
      leftSection={<IconPhone size={16} />}
      {...props}
      value={formatPhone(value)}
      onChange={(event) => onChange?.(formatPhone(event.currentTarget.value))}
    />
  );
}
