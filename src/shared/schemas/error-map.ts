import { z } from 'zod';
import { MSG } from '../messages';

/** Fields whose own rule message reads best whatever rule failed (the department select sent empty, a bad email). */
const FIELD_MESSAGES: Record<string, string> = {
  department: MSG.validation.department,
  department_name: MSG.validation.department,
  role: MSG.validation.role,
  email: MSG.validation.email,
  username: MSG.validation.username,
  phone_number: MSG.validation.phone,
  password: MSG.validation.password,
};

type Issue = Parameters<NonNullable<Parameters<typeof z.config>[0]>['customError'] & {}>[0];

/** zod's default words ('Too small: expected string to have >=1 characters') as a person would say them. */
export function peopleMessage(iss: Issue): string {
  const field = [...(iss.path ?? [])].reverse().find((p) => typeof p === 'string');
  if (field && FIELD_MESSAGES[field]) return FIELD_MESSAGES[field];
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null || iss.input === '') return MSG.validation.required;
      return iss.expected === 'number' || iss.expected === 'int' ? MSG.validation.number : MSG.validation.generic;
    case 'too_small': {
      const min = Number(iss.minimum);
      if (iss.origin === 'string') return min <= 1 ? MSG.validation.required : MSG.validation.tooShort(min);
      if (iss.origin === 'array' || iss.origin === 'set') return MSG.validation.tooFew(min);
      if (iss.origin === 'date') return MSG.validation.date;
      return MSG.validation.atLeast(min);
    }
    case 'too_big': {
      const max = Number(iss.maximum);
      if (iss.origin === 'string') return MSG.validation.tooLong(max);
      if (iss.origin === 'array' || iss.origin === 'set') return MSG.validation.tooMany(max);
      return MSG.validation.atMost(max);
    }
    case 'invalid_value':
    case 'invalid_union':
      return MSG.validation.choose;
    case 'invalid_format':
      return iss.format === 'email' ? MSG.validation.email : MSG.validation.format;
    case 'not_multiple_of':
      return MSG.validation.wholeNumber;
    case 'unrecognized_keys':
      return MSG.validation.unknownField;
    default:
      return MSG.validation.generic;
  }
}

/**
 * The one error map of every form and edge: a schema's own message wins (zod asks this map only for rules without
 * one), so every message a person can see is either written in src/shared/messages or made here from its words.
 * Installed by importing this module: every schema file of src/shared/schemas does.
 */
z.config({ customError: peopleMessage });
