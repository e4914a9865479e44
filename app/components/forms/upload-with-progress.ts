/**
 * Posts a body and reports how much of it has been sent: fetch cannot report upload progress,
 * so this uses XMLHttpRequest. Resolves with the server's JSON answer (whatever its status), or
 * null when there is none (the network failed, or the answer was not JSON): the caller shows
 * its own "could not send" message.
 */
export function uploadWithProgress<Answer>(
  url: string,
  body: XMLHttpRequestBodyInit,
  { onProgress, contentType }: { onProgress: (fraction: number) => void; contentType?: string },
): Promise<Answer | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    if (contentType) xhr.setRequestHeader("Content-Type", contentType);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve(xhr.response && typeof xhr.response === "object" ? (xhr.response as Answer) : null);
    xhr.onerror = () => resolve(null);
    xhr.send(body);
  });
}
