import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { groupCheckState, permissionLabel, toggleGroup, type PermissionGroup } from '../permission-groups';

export const NO_PERMISSIONS_TEXT = 'No permissions available';
/** docs/product/admin.md: the permissions panel is at most 630 px high. */
export const PERMISSION_PANEL_MAX_HEIGHT_PX = 630;

/**
 * The role form's permissions: one checkbox per group (indeterminate when partly chosen) and one
 * per permission, labelled by its description, else its name.
 */
export function PermissionPicker({
  id,
  groups,
  value,
  onChange,
  isLoading = false,
  invalid = false,
  describedBy,
}: {
  id: string;
  groups: PermissionGroup[];
  value: number[];
  onChange: (ids: number[]) => void;
  isLoading?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const chosen = new Set(value);
  return (
    <div
      id={id}
      role="group"
      aria-label="Permissions"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn('overflow-y-auto rounded-md border', invalid && 'border-destructive')}
      style={{ maxHeight: PERMISSION_PANEL_MAX_HEIGHT_PX }}
    >
      {isLoading ? (
        <div className="grid gap-2 p-3" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-4" />
          ))}
        </div>
      ) : groups.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted-foreground">{NO_PERMISSIONS_TEXT}</p>
      ) : (
        groups.map((group) => {
          const groupId = `${id}-group-${group.name.replace(/\W+/g, '-')}`;
          const state = groupCheckState(group, chosen);
          const count = group.permissions.filter((p) => chosen.has(p.id)).length;
          return (
            <fieldset key={group.name} className="border-b last:border-b-0">
              <legend className="sr-only">{group.name}</legend>
              <div className="sticky top-0 z-10 flex items-center gap-2 bg-muted/90 px-3 py-1.5 backdrop-blur">
                <Checkbox id={groupId} checked={state} aria-label={`${group.name}: all permissions`} onCheckedChange={() => onChange(toggleGroup(group, value))} />
                <label htmlFor={groupId} className="flex-1 cursor-pointer text-sm font-medium">
                  {group.name}
                </label>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {count}/{group.permissions.length}
                </span>
              </div>
              <ul className="grid gap-0.5 px-3 py-1.5 pl-8">
                {group.permissions.map((permission) => {
                  const checkboxId = `${id}-permission-${permission.id}`;
                  return (
                    <li key={permission.id} className="flex items-center gap-2 py-0.5">
                      <Checkbox
                        id={checkboxId}
                        checked={chosen.has(permission.id)}
                        onCheckedChange={(checked) => onChange(checked === true ? [...value, permission.id] : value.filter((v) => v !== permission.id))}
                      />
                      <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer truncate text-sm" title={permission.name}>
                        {permissionLabel(permission)}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })
      )}
    </div>
  );
}
