/**
 * Bench child: Express with apicache, the other stack users pick: apicache answers a request
 * it has seen from its own cache; the handler behind it sends the parsed answer with `res.json`.
 */
import apicache from "apicache";
import express from "express";
import type { AddressInfo } from "node:net";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";
import { benchAnswers } from "./answers.ts";

const parsed = new Map([...benchAnswers()].map(([path, body]) => [path, JSON.parse(body) as object]));
const app = express();
app.get("/v1/*path", apicache.middleware("1 hour"), (req, res) => {
  const answer = parsed.get(req.originalUrl);
  if (answer) res.json(answer);
  else res.status(404).end();
});

const server = app.listen(0, "127.0.0.1");
await new Promise<void>((resolve) => server.once("listening", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });
