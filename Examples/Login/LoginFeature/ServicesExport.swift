// The login feature's API speaks the service layer's types (`ServiceError`, `AppError`,
// `SessionExpiry`), so its clients see them without importing the service module themselves.
@_exported import Services
