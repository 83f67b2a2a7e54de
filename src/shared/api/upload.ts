/** What an upload answered (or how it failed to get an answer). */
export interface UploadAnswer {
  status: number;
  data: unknown;
  headers: Headers;
}

export interface UploadRequest {
  url: string;
  body: FormData;
  headers: Record<string, string>;
  timeoutMs: number;
  onProgress(percent: number): void;
}

/**
 * A multipart POST with upload progress (fetch reports none, so this is XMLHttpRequest), with
 * credentials. Resolves with any HTTP answer; rejects only when no answer came ('network' /
 * 'timeout' errors, like the other calls).
 */
export function sendUpload(request: UploadRequest): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.withCredentials = true;
    xhr.timeout = request.timeoutMs;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): kept as text, the status decides.
      }
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve({ status: xhr.status, data, headers });
    };
    xhr.onerror = () => reject(Object.assign(new Error('network'), { name: 'NetworkError' }));
    xhr.ontimeout = () => reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
    xhr.send(request.body);
  });
}
