import { z } from 'zod';
import '../error-map';
import { formatCidr, parseCidr } from '@shared/cidr';
import { CAMPUS_NETWORKS_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';

/** Longer than any address with its prefix: refused before it is parsed, and echoed back only in part. */
const ENTRY_MAX = 64;

/** One campus network as typed: trimmed, checked, and normalised ('10.20.3.4/16' -> '10.20.0.0/16'). */
export const ZCampusNetwork = z.string().transform((text, ctx) => {
  const trimmed = text.trim();
  const cidr = trimmed.length > ENTRY_MAX ? null : parseCidr(trimmed);
  if (cidr) return formatCidr(cidr);
  ctx.addIssue({
    code: 'custom',
    message: trimmed ? MSG.campusNetworks.invalid(trimmed.length > ENTRY_MAX ? `${trimmed.slice(0, ENTRY_MAX)}…` : trimmed) : MSG.campusNetworks.empty,
  });
  return z.NEVER;
});

/** PUT /api/admin/campus_networks and admin.setCampusNetworks: the whole list (empty: no campus check), duplicates dropped. */
export const ZCampusNetworksInput = z.object({
  networks: z
    .array(ZCampusNetwork)
    .max(CAMPUS_NETWORKS_MAX, MSG.campusNetworks.tooMany(CAMPUS_NETWORKS_MAX))
    .transform((list) => [...new Set(list)]),
});
export type TCampusNetworksInput = z.input<typeof ZCampusNetworksInput>;
