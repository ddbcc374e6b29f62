import { useEffect, useRef, useState } from 'react';
import { FACE_IMAGES_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';

export interface CapturedImage {
  id: number;
  blob: Blob;
  url: string;
}

/** Up to three captured JPEGs (or chosen files) with object URLs for previews, revoked when removed or unmounted. */
export function useCapturedImages() {
  const [images, setImages] = useState<CapturedImage[]>([]);
  const nextId = useRef(1);
  const latest = useRef(images);
  latest.current = images;

  function add(blob: Blob) {
    if (latest.current.length >= FACE_IMAGES_REQUIRED) return;
    const next = [...latest.current, { id: nextId.current++, blob, url: URL.createObjectURL(blob) }];
    latest.current = next;
    setImages(next);
  }

  function remove(id: number) {
    const gone = latest.current.find((image) => image.id === id);
    if (gone) URL.revokeObjectURL(gone.url);
    const next = latest.current.filter((image) => image.id !== id);
    latest.current = next;
    setImages(next);
  }

  /** After the photos were sent: the form starts again empty. */
  function clear() {
    for (const image of latest.current) URL.revokeObjectURL(image.url);
    latest.current = [];
    setImages([]);
  }

  useEffect(
    () => () => {
      for (const image of latest.current) URL.revokeObjectURL(image.url);
    },
    [],
  );

  return { images, add, remove, clear };
}

/** The capture message of SPEC 5 for a given number of captured images; `enough` names the form's next step. */
export function captureStatus(count: number, enough: string = MSG.capture.enough): string {
  if (count <= 0) return MSG.capture.start;
  if (count < FACE_IMAGES_REQUIRED) return MSG.capture.progress(count);
  return enough;
}
