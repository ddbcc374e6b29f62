import { Plus, Save, Wifi, X } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { networkOfAddress } from '@shared/cidr';
import { CAMPUS_NETWORKS_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ZCampusNetwork } from '@shared/schemas/attendance/campus-networks';
import { QueryState } from '@/components/app-state/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/region-card';
import { Input } from '@/components/ui/input';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

type View = RouterOutputs['admin']['campusNetworks'];
type Fields = { networks: { value: string }[] };

const toFields = (networks: string[]): Fields => ({ networks: networks.map((value) => ({ value })) });
/** The shared rule's own message for one line ('…' is not a network such as …), as the server would answer. */
const validNetwork = (value: string) => {
  const r = ZCampusNetwork.safeParse(value);
  return r.success || (r.error.issues[0]?.message ?? MSG.campusNetworks.empty);
};

/**
 * Issue 19: the campus networks a final mark must come from, kept in the database so every app node applies them.
 * CAMPUS_NETWORKS in the environment wins when set: the card then shows that list and cannot change it.
 */
export function CampusNetworksCard() {
  const view = trpc.admin.campusNetworks.useQuery();
  return (
    <RegionCard id="campus-networks-title" title={MSG.campusNetworks.title} description={MSG.campusNetworks.intro} contentClassName="grid gap-4">
      <QueryState query={view} failed={MSG.campusNetworks.loadFailed}>
        {(data) => (data.source === 'environment' ? <EnvironmentNetworks view={data} /> : <NetworksForm view={data} />)}
      </QueryState>
    </RegionCard>
  );
}

function YourAddress({ view }: { view: View }) {
  return (
    <p className="text-sm" data-testid="your-address">
      {MSG.campusNetworks.yourAddress(view.your_address)}
      {view.your_address_listed !== null && (
        <span className="text-muted-foreground">
          {' '}
          {view.your_address_listed ? MSG.campusNetworks.yourAddressInside : MSG.campusNetworks.yourAddressOutside}
        </span>
      )}
    </p>
  );
}

function EnvironmentNetworks({ view }: { view: View }) {
  return (
    <>
      <p role="note" className="rounded-md bg-warning/20 p-3 text-sm text-amber-900">
        {MSG.campusNetworks.fromEnvironment}
      </p>
      <ul aria-label={MSG.campusNetworks.title} className="flex flex-wrap gap-2">
        {view.networks.map((n) => (
          <li key={n}>
            <Badge variant="outline" className="font-mono">
              {n}
            </Badge>
          </li>
        ))}
      </ul>
      <YourAddress view={view} />
    </>
  );
}

function NetworksForm({ view }: { view: View }) {
  const utils = trpc.useUtils();
  const { register, control, handleSubmit, reset, formState } = useForm<Fields>({ defaultValues: toFields(view.networks) });
  const { fields, append, remove } = useFieldArray({ control, name: 'networks' });
  // The saved list comes back normalised (10.20.3.4/16 -> 10.20.0.0/16): the lines show what is in force.
  useEffect(() => reset(toFields(view.networks)), [view.networks, reset]);
  const save = trpc.admin.setCampusNetworks.useMutation({
    onSuccess: (saved) => {
      toast.success(MSG.campusNetworks.saved);
      utils.admin.campusNetworks.setData(undefined, saved);
    },
    onError: (e) => toast.error(e.data?.code === 'BAD_REQUEST' || e.data?.code === 'CONFLICT' ? e.message : MSG.campusNetworks.saveFailed),
  });
  const suggestion = networkOfAddress(view.your_address);
  const typed = useWatch({ control, name: 'networks' });
  const suggestionListed = typed.some((n) => n.value.trim() === suggestion);
  const full = fields.length >= CAMPUS_NETWORKS_MAX;
  const errors = formState.errors.networks;

  return (
    <form noValidate className="grid gap-4" onSubmit={handleSubmit(({ networks }) => save.mutate({ networks: networks.map((n) => n.value) }))}>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MSG.campusNetworks.none}</p>
      ) : (
        <ul aria-label={MSG.campusNetworks.title} className="grid gap-2">
          {fields.map((f, i) => {
            const error = errors?.[i]?.value?.message;
            return (
              <li key={f.id} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <Input
                    aria-label={MSG.campusNetworks.networkLabel(i + 1)}
                    placeholder={MSG.campusNetworks.placeholder}
                    className="font-mono"
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? `campus-network-${i}-error` : undefined}
                    {...register(`networks.${i}.value`, { validate: validNetwork })}
                  />
                  <Button type="button" variant="ghost" size="icon" aria-label={MSG.campusNetworks.remove(f.value)} onClick={() => remove(i)}>
                    <X aria-hidden />
                  </Button>
                </div>
                {error && (
                  <p id={`campus-network-${i}-error`} role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {full && <p className="text-sm text-muted-foreground">{MSG.campusNetworks.tooMany(CAMPUS_NETWORKS_MAX)}</p>}
      <YourAddress view={view} />
      <div className="flex flex-wrap gap-2">
        {suggestion && (
          <Button type="button" variant="outline" disabled={full || suggestionListed} onClick={() => append({ value: suggestion })}>
            <Wifi aria-hidden />
            {MSG.campusNetworks.addCurrent}
          </Button>
        )}
        <Button type="button" variant="outline" disabled={full} onClick={() => append({ value: '' })}>
          <Plus aria-hidden />
          {MSG.campusNetworks.addOther}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden />
          {MSG.campusNetworks.save}
        </Button>
      </div>
      {view.updated_at && <p className="text-xs text-muted-foreground">{MSG.campusNetworks.updated(formatDateTime(view.updated_at), view.updated_by)}</p>}
    </form>
  );
}
