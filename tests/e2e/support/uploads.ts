/** Runs in the page: notes every file of a multipart fetch (field, name, type, JPEG magic, pixel size) on window. */
export function recordMultipartUploads() {
  const original = window.fetch;
  window.fetch = async (input, init) => {
    if (init?.body instanceof FormData) {
      const files = [];
      for (const [field, value] of init.body.entries()) {
        if (!(value instanceof File)) continue;
        const head = new Uint8Array(await value.slice(0, 2).arrayBuffer());
        const bitmap = await createImageBitmap(value);
        files.push({ field, name: value.name, type: value.type, magic: [head[0], head[1]], width: bitmap.width, height: bitmap.height });
      }
      (window as unknown as { __uploads?: unknown[] }).__uploads = files;
    }
    return original(input, init);
  };
}
