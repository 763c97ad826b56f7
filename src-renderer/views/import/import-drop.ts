import { importKindOf } from '../../lib/import/import-files';
import { importer } from '../../state/import.svelte';

/**
 * A CSV or xlsx file dropped on the work order list opens the import. Only drags that carry files
 * are taken, and the drop stops here: an order's attachments (in the detail beside the list) take
 * their own drops, and a file meant for them never lands on the list's handlers.
 */
export function importDrop(onhover: (hovering: boolean) => void) {
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
  return {
    ondragover(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      onhover(true);
    },
    ondragleave(event: DragEvent) {
      const target = event.currentTarget as HTMLElement | null;
      if (!target?.contains(event.relatedTarget as Node | null)) onhover(false);
    },
    ondrop(event: DragEvent) {
      onhover(false);
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      const files = [...(event.dataTransfer?.files ?? [])];
      const file = files.find((candidate) => importKindOf(candidate.name) !== undefined) ?? files[0];
      if (file) void importer.open(file);
    },
  };
}
