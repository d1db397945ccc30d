// The JSON API, one function per route (README.md lists them). Every answer
// but the picture is JSON; a 4xx answer is thrown as an ApiError with the
// server's message.

export class ApiError extends Error {
  constructor(status, data) {
    super(data.error ?? `HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

let lang = "en";

export function setApiLanguage(code) {
  lang = code;
}

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(`${path}?lang=${lang}`, options);
  const data = await response.json();
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const newGame = (request) => call("POST", "/api/games", request);
export const show = (id) => call("GET", `/api/games/${id}`);
export const act = (id, gesture) => call("POST", `/api/games/${id}/moves`, gesture);
export const undo = (id) => call("POST", `/api/games/${id}/undo`);
export const hint = (id) => call("GET", `/api/games/${id}/hint`);
export const resign = (id) => call("POST", `/api/games/${id}/resign`);
export const record = (id) => call("GET", `/api/games/${id}/record`);

export async function picture(id) {
  const response = await fetch(`/api/games/${id}/svg`);
  if (!response.ok) throw new ApiError(response.status, await response.json());
  return response.text();
}
