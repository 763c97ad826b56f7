// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import FileDrop from '../../../src-renderer/components/FileDrop.svelte';
import { fireEvent, render, screen, user } from '../support/render';

const file = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** What a drag from the desktop carries: files, and the type that says so. */
function carrying(files: File[]) {
  return { dataTransfer: { types: ['Files'], files, dropEffect: 'none' } };
}

describe('FileDrop', () => {
  it('is a named drop zone with a named button that opens the file picker by keyboard', async () => {
    const person = user();
    const onFiles = vi.fn();
    render(FileDrop, { props: { target: 'Documents', onFiles } });
    expect(screen.getByRole('group', { name: 'Drop files into Documents' })).toBeTruthy();
    const picker = screen.getByLabelText<HTMLInputElement>('Files for Documents');
    const opened = vi.fn();
    picker.addEventListener('click', opened);

    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add files to Documents…' }));
    await person.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    await person.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
    // The hidden input is not a Tab stop of its own: the button is the way in.
    expect(picker.tabIndex).toBe(-1);
  });

  it('hands over the files picked, and takes the same file again next time', async () => {
    const person = user();
    const onFiles = vi.fn();
    render(FileDrop, { props: { target: 'Documents', onFiles } });
    const picker = screen.getByLabelText<HTMLInputElement>('Files for Documents');

    await person.upload(picker, [file('invoice.pdf'), file('photo.pdf')]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0]?.[0].map((picked: File) => picked.name)).toEqual(['invoice.pdf', 'photo.pdf']);
    expect(picker.value).toBe('');

    await person.upload(picker, file('invoice.pdf'));
    expect(onFiles).toHaveBeenCalledTimes(2);
  });

  it('says what a drop does while files are over it, and hands over the dropped files', async () => {
    const onFiles = vi.fn();
    render(FileDrop, { props: { target: 'Documents', onFiles } });
    const zone = screen.getByRole('group', { name: 'Drop files into Documents' });
    expect(screen.getByText('Drop files here, or')).toBeTruthy();

    await fireEvent.dragOver(zone, carrying([]));
    expect(screen.getByText('Drop to add to Documents')).toBeTruthy();

    await fireEvent.drop(zone, carrying([file('invoice.pdf')]));
    expect(onFiles.mock.calls.map(([files]) => files.map((dropped: File) => dropped.name))).toEqual([['invoice.pdf']]);
    expect(screen.getByText('Drop files here, or')).toBeTruthy();
  });

  it('takes nothing while disabled: no drop, no picker', async () => {
    const onFiles = vi.fn();
    render(FileDrop, { props: { target: 'Documents', onFiles, disabled: true } });
    const zone = screen.getByRole('group', { name: 'Drop files into Documents' });
    await fireEvent.dragOver(zone, carrying([]));
    expect(screen.queryByText('Drop to add to Documents')).toBeNull();
    await fireEvent.drop(zone, carrying([file('invoice.pdf')]));
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add files to Documents…' }).disabled).toBe(true);
  });
});
